// Lucide's paths for the icons LineIcon draws (line-icon.tsx), one export each: a page's chunks
// carry only the icons some client code names (a server component's are in its HTML alone).

export const CROSS = { name: "x", d: "M18 6 6 18M6 6l12 12" } as const;
export const ARROW_RIGHT = { name: "arrow-right", d: "M5 12h14m-7-7 7 7-7 7" } as const;
export const ARROW_LEFT_RIGHT = { name: "arrow-left-right", d: "M8 3 4 7l4 4M4 7h16m-4 14 4-4-4-4m4 4H4" } as const;
export const CHECK = { name: "check", d: "M20 6 9 17l-5-5" } as const;
export const LINK_2 = { name: "link-2", d: "M9 17H7A5 5 0 0 1 7 7h2m6 0h2a5 5 0 1 1 0 10h-2m-7-5h8" } as const;
export const PLUS = { name: "plus", d: "M5 12h14M12 5v14" } as const;
export const TRASH_2 = { name: "trash-2", d: "M10 11v6M14 11v6M19 6v14a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V6M3 6h18M8 6V4a2 2 0 0 1 2-2h4a2 2 0 0 1 2 2v2" } as const;
export const MEGAPHONE = { name: "megaphone", d: "M11 6a13 13 0 0 0 8.4-2.8A1 1 0 0 1 21 4v12a1 1 0 0 1-1.6.8A13 13 0 0 0 11 14H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2zM6 14a12 12 0 0 0 2.4 7.2 2 2 0 0 0 3.2-2.4A8 8 0 0 1 10 14M8 6v8" } as const;
// Lucide draws the lens as a <circle r=8> at (11,11); here it is the same circle as two arcs.
export const SEARCH = { name: "search", d: "m21 21-4.34-4.34M3 11a8 8 0 1 0 16 0 8 8 0 1 0-16 0" } as const;
