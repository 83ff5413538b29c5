// The URL fragment that asks the header's wallet button to open the connect dialog: GET /api/login
// sends a visitor back with it. A file of its own because the button is on every page's first
// load, and the bundler keeps a module whole: beside the return-path checks it would ship them too.
export const CONNECT_WALLET_HASH = "#connect-wallet";
