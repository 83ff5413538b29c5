// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// An ERC-20 with HEX's staking bookkeeping, as far as the supply goes: staking burns the staked
/// tokens from totalSupply and adds them to globals().lockedHeartsTotal; ending the stake mints
/// them back. `globals` has HEX's GlobalsStore layout, so the public getter answers the same
/// eight fields in the same order as HEX's (0x2b591e99afE9f32eAA6214f7B7629768c40Eeb39).
contract HexLike {
    struct GlobalsStore {
        // 1
        uint72 lockedHeartsTotal;
        uint72 nextStakeSharesTotal;
        uint40 shareRate;
        uint72 stakePenaltyTotal;
        // 2
        uint16 dailyDataCount;
        uint72 stakeSharesTotal;
        uint40 latestStakeId;
        uint128 claimStats;
    }

    GlobalsStore public globals;

    string public name;
    string public symbol;
    uint8 public constant decimals = 8;
    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;
    mapping(address => uint256) public stakedOf;

    event Transfer(address indexed from, address indexed to, uint256 value);

    constructor(string memory name_, string memory symbol_, uint256 supply) {
        name = name_;
        symbol = symbol_;
        totalSupply = supply;
        balanceOf[msg.sender] = supply;
        // Values in the other fields, so a reader that took the wrong one would be seen to.
        globals.nextStakeSharesTotal = 11;
        globals.shareRate = 100000;
        globals.stakePenaltyTotal = 13;
        globals.dailyDataCount = 14;
        globals.stakeSharesTotal = 15;
        emit Transfer(address(0), msg.sender, supply);
    }

    function transfer(address to, uint256 value) external returns (bool) {
        require(balanceOf[msg.sender] >= value, "balance");
        balanceOf[msg.sender] -= value;
        balanceOf[to] += value;
        emit Transfer(msg.sender, to, value);
        return true;
    }

    function stakeStart(uint256 hearts) external {
        require(balanceOf[msg.sender] >= hearts, "balance");
        balanceOf[msg.sender] -= hearts;
        totalSupply -= hearts;
        stakedOf[msg.sender] += hearts;
        globals.lockedHeartsTotal += uint72(hearts);
        globals.latestStakeId += 1;
        emit Transfer(msg.sender, address(0), hearts);
    }

    function stakeEnd() external {
        uint256 hearts = stakedOf[msg.sender];
        stakedOf[msg.sender] = 0;
        globals.lockedHeartsTotal -= uint72(hearts);
        totalSupply += hearts;
        balanceOf[msg.sender] += hearts;
        emit Transfer(address(0), msg.sender, hearts);
    }
}
