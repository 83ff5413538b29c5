// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

interface IBalance {
    function balanceOf(address owner) external view returns (uint256);
}

/// The read side of a Uniswap V2 / PulseX pair: sorted tokens and reserves taken from its
/// balances by sync(), as the real pair does after every swap.
contract Pair {
    address public immutable factory;
    address public immutable token0;
    address public immutable token1;
    uint112 private reserve0;
    uint112 private reserve1;
    uint32 private blockTimestampLast;

    constructor(address tokenA, address tokenB) {
        factory = msg.sender;
        (token0, token1) = tokenA < tokenB ? (tokenA, tokenB) : (tokenB, tokenA);
    }

    function getReserves() external view returns (uint112, uint112, uint32) {
        return (reserve0, reserve1, blockTimestampLast);
    }

    function sync() external {
        reserve0 = uint112(IBalance(token0).balanceOf(address(this)));
        reserve1 = uint112(IBalance(token1).balanceOf(address(this)));
        blockTimestampLast = uint32(block.timestamp);
    }
}

/// A V2-style factory: one pair per token pair, found with getPair in either order.
contract Factory {
    mapping(address => mapping(address => address)) public getPair;
    address[] public allPairs;

    function createPair(address tokenA, address tokenB) external returns (address pair) {
        require(tokenA != tokenB && getPair[tokenA][tokenB] == address(0), "pair");
        pair = address(new Pair(tokenA, tokenB));
        getPair[tokenA][tokenB] = pair;
        getPair[tokenB][tokenA] = pair;
        allPairs.push(pair);
    }

    function allPairsLength() external view returns (uint256) {
        return allPairs.length;
    }
}
