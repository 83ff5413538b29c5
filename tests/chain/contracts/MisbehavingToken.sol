// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// An ERC-20 whose totalSupply can be made to misbehave, as broken or hostile tokens do: in mode
/// Reverts it reverts, in mode BurnsGas it loops until it has used all the gas it was given, in
/// mode Expensive it answers after spending 100,000 gas (an honest but costly token: more than a
/// reader's first cap, far less than its second). Its transfers and balances work, so it has a pool
/// like any token. The deployer switches the mode.
contract MisbehavingToken {
    enum Mode {
        Normal,
        Reverts,
        BurnsGas,
        Expensive
    }

    string public constant name = "Misbehaving Token";
    string public constant symbol = "MISB";
    uint8 public constant decimals = 18;
    address private immutable owner;
    uint256 private supply;
    Mode public mode;
    mapping(address => uint256) public balanceOf;

    event Transfer(address indexed from, address indexed to, uint256 value);

    constructor(uint256 supply_, Mode mode_) {
        owner = msg.sender;
        supply = supply_;
        mode = mode_;
        balanceOf[msg.sender] = supply_;
        emit Transfer(address(0), msg.sender, supply_);
    }

    function setMode(Mode mode_) external {
        require(msg.sender == owner, "owner");
        mode = mode_;
    }

    function totalSupply() external view returns (uint256) {
        if (mode == Mode.Reverts) revert("MisbehavingToken: totalSupply reverts");
        if (mode == Mode.BurnsGas) {
            uint256 spin;
            while (true) spin += gasleft();
        }
        if (mode == Mode.Expensive) {
            uint256 start = gasleft();
            while (start - gasleft() < 100_000) {}
        }
        return supply;
    }

    function transfer(address to, uint256 value) external returns (bool) {
        require(balanceOf[msg.sender] >= value, "balance");
        balanceOf[msg.sender] -= value;
        balanceOf[to] += value;
        emit Transfer(msg.sender, to, value);
        return true;
    }
}
