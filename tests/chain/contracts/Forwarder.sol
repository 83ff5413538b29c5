// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// Passes the PLS it is sent on to `to` in the same call: an internal transfer, as a wallet
/// contract (a Safe) or a router makes, with no transaction to `to` itself.
contract Forwarder {
    function forward(address payable to) external payable {
        (bool ok, ) = to.call{value: msg.value}("");
        require(ok, "Forwarder: transfer failed");
    }
}
