// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

interface IPairToken {
    function balanceOf(address owner) external view returns (uint256);
    function transfer(address to, uint256 value) external returns (bool);
}

/// A Uniswap V2 / PulseX pair as far as prices go: sorted tokens, reserves taken from its balances,
/// the two price accumulators updated exactly as UniswapV2Pair._update does (the time-weighted
/// oracle reads them), and a real swap with the 0.3% fee and the constant-product check, so tests
/// move prices by trading. Liquidity is added by transferring both tokens in and calling sync()
/// (no LP tokens: nothing here reads them).
contract Pair {
    uint224 private constant Q112 = 2 ** 112;

    address public immutable factory;
    address public immutable token0;
    address public immutable token1;
    uint112 private reserve0;
    uint112 private reserve1;
    uint32 private blockTimestampLast;
    /// Sum over time of reserve1/reserve0 (token1 per token0) as UQ112x112, times seconds; wraps.
    uint256 public price0CumulativeLast;
    uint256 public price1CumulativeLast;

    event Sync(uint112 reserve0, uint112 reserve1);

    constructor(address tokenA, address tokenB) {
        factory = msg.sender;
        (token0, token1) = tokenA < tokenB ? (tokenA, tokenB) : (tokenB, tokenA);
    }

    function getReserves() public view returns (uint112, uint112, uint32) {
        return (reserve0, reserve1, blockTimestampLast);
    }

    function sync() external {
        _update(IPairToken(token0).balanceOf(address(this)), IPairToken(token1).balanceOf(address(this)));
    }

    /// UniswapV2Pair.swap without the flash-swap callback: the input is transferred in first.
    /// (Scoped blocks, as in the original, keep the stack shallow enough to compile.)
    function swap(uint256 amount0Out, uint256 amount1Out, address to, bytes calldata) external {
        require(amount0Out > 0 || amount1Out > 0, "output");
        (uint112 r0, uint112 r1, ) = getReserves();
        require(amount0Out < r0 && amount1Out < r1, "liquidity");
        if (amount0Out > 0) require(IPairToken(token0).transfer(to, amount0Out), "transfer");
        if (amount1Out > 0) require(IPairToken(token1).transfer(to, amount1Out), "transfer");
        uint256 balance0 = IPairToken(token0).balanceOf(address(this));
        uint256 balance1 = IPairToken(token1).balanceOf(address(this));
        {
            uint256 amount0In = balance0 > r0 - amount0Out ? balance0 - (r0 - amount0Out) : 0;
            uint256 amount1In = balance1 > r1 - amount1Out ? balance1 - (r1 - amount1Out) : 0;
            require(amount0In > 0 || amount1In > 0, "input");
            uint256 adjusted0 = balance0 * 1000 - amount0In * 3;
            uint256 adjusted1 = balance1 * 1000 - amount1In * 3;
            require(adjusted0 * adjusted1 >= uint256(r0) * uint256(r1) * 1000 ** 2, "K");
        }
        _update(balance0, balance1);
    }

    function _update(uint256 balance0, uint256 balance1) private {
        require(balance0 <= type(uint112).max && balance1 <= type(uint112).max, "overflow");
        uint32 blockTimestamp = uint32(block.timestamp % 2 ** 32);
        unchecked {
            uint32 timeElapsed = blockTimestamp - blockTimestampLast; // wraps, as in V2
            if (timeElapsed > 0 && reserve0 != 0 && reserve1 != 0) {
                price0CumulativeLast += uint256((uint224(reserve1) * Q112) / reserve0) * timeElapsed;
                price1CumulativeLast += uint256((uint224(reserve0) * Q112) / reserve1) * timeElapsed;
            }
        }
        reserve0 = uint112(balance0);
        reserve1 = uint112(balance1);
        blockTimestampLast = blockTimestamp;
        emit Sync(reserve0, reserve1);
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
