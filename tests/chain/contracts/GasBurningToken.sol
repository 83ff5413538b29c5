// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// An ERC-20 lookalike whose balanceOf loops until it has used all the gas it was given, as a
/// broken or hostile token can: Multicall3's aggregate3 hands it all the gas left, starving every
/// call after it; a reader that caps each call's gas must fail this one token and read the rest.
contract GasBurningToken {
    string public constant name = "Gas Burning Token";
    string public constant symbol = "BURN";
    uint8 public constant decimals = 18;
    uint256 public constant totalSupply = 1_000_000 ether;

    function balanceOf(address) external view returns (uint256) {
        uint256 spin;
        while (true) spin += gasleft();
        return spin;
    }
}
