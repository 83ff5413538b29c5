// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// The smallest token the bag bench needs: a balance per holder and decimals. Deploying 5,000
/// full TestTokens (name, symbol, transfers) would take far longer on a local chain.
contract BagBenchToken {
    mapping(address => uint256) public balanceOf;
    uint8 public decimals;

    constructor(address holder, uint256 amount, uint8 decimals_) {
        balanceOf[holder] = amount;
        decimals = decimals_;
    }
}

/// Deploys many BagBenchTokens in one transaction; every `holdEvery`-th one credits `holder`.
contract BagBenchBuilder {
    event Built(address[] tokens);

    function build(uint256 count, uint256 firstIndex, address holder, uint256 holdEvery, uint256 amount) external returns (address[] memory tokens) {
        tokens = new address[](count);
        for (uint256 i = 0; i < count; i++) {
            bool held = (firstIndex + i) % holdEvery == 0;
            tokens[i] = address(new BagBenchToken(held ? holder : address(0xdEaD), amount, 18));
        }
        emit Built(tokens);
    }
}
