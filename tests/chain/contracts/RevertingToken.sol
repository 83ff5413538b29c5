// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// An ERC-20 lookalike whose balanceOf always reverts, as some broken or hostile tokens do: a
/// reader must fail that one token and still read the rest.
contract RevertingToken {
    string public constant name = "Reverting Token";
    string public constant symbol = "REVERT";
    uint8 public constant decimals = 18;
    uint256 public constant totalSupply = 1_000_000 ether;

    function balanceOf(address) external pure returns (uint256) {
        revert("RevertingToken: balanceOf always reverts");
    }
}
