// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// Wrapped PLS as on PulseChain (a WETH9): deposit native coin, get the token 1:1.
contract WPLS {
    string public constant name = "Wrapped Pulse";
    string public constant symbol = "WPLS";
    uint8 public constant decimals = 18;
    mapping(address => uint256) public balanceOf;

    event Transfer(address indexed from, address indexed to, uint256 value);

    function deposit() external payable {
        balanceOf[msg.sender] += msg.value;
        emit Transfer(address(0), msg.sender, msg.value);
    }

    function totalSupply() external view returns (uint256) {
        return address(this).balance;
    }

    function transfer(address to, uint256 value) external returns (bool) {
        require(balanceOf[msg.sender] >= value, "balance");
        balanceOf[msg.sender] -= value;
        balanceOf[to] += value;
        emit Transfer(msg.sender, to, value);
        return true;
    }
}
