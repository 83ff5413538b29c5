// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import "./TestToken.sol";

interface IBuilderFactory {
    function createPair(address tokenA, address tokenB) external returns (address pair);
}

interface IBuilderPair {
    function sync() external;
}

interface IBuilderToken {
    function transfer(address to, uint256 value) external returns (bool);
}

/// Builds a big test market in few transactions (the 5,000-token bench): each listing deploys a
/// TestToken, creates its pair against a base token on a factory and fills the pair's reserves.
/// One transaction per token and pool would take far longer on a local chain. The builder must
/// hold enough of every base token first (the deployer transfers them in).
contract MarketBuilder {
    struct Listing {
        address factory;
        /// WPLS, a stablecoin or another base token the builder holds.
        address base;
        uint8 decimals;
        /// Raw units minted to the builder; what is not put in the pool stays with the builder.
        uint256 supply;
        uint256 tokenReserve;
        uint256 baseReserve;
    }

    event Listed(address token, address pair);

    function build(Listing[] calldata listings) external returns (address[] memory tokens) {
        tokens = new address[](listings.length);
        for (uint256 i = 0; i < listings.length; i++) {
            Listing calldata listing = listings[i];
            address token = address(new TestToken("Bench Token", "BENCH", listing.decimals, listing.supply));
            address pair = IBuilderFactory(listing.factory).createPair(token, listing.base);
            IBuilderToken(token).transfer(pair, listing.tokenReserve);
            IBuilderToken(listing.base).transfer(pair, listing.baseReserve);
            IBuilderPair(pair).sync();
            tokens[i] = token;
            emit Listed(token, pair);
        }
    }
}
