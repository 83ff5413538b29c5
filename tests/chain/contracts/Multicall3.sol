// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// The aggregate3, getEthBalance and getCurrentBlockTimestamp entry points of Multicall3 (deployed
/// on PulseChain at 0xcA11bde05977b3631167028862bE2a173976CA11): viem's multicall calls
/// aggregate3, the bag reader reads the native coin with getEthBalance, and the on-chain price
/// source reads its pinned block's time with getCurrentBlockTimestamp.
contract Multicall3 {
    struct Call3 {
        address target;
        bool allowFailure;
        bytes callData;
    }

    struct Result {
        bool success;
        bytes returnData;
    }

    function aggregate3(Call3[] calldata calls) external payable returns (Result[] memory results) {
        results = new Result[](calls.length);
        for (uint256 i = 0; i < calls.length; i++) {
            (bool success, bytes memory returnData) = calls[i].target.call(calls[i].callData);
            require(success || calls[i].allowFailure, "Multicall3: call failed");
            results[i] = Result(success, returnData);
        }
    }

    function getEthBalance(address addr) external view returns (uint256 balance) {
        balance = addr.balance;
    }

    function getCurrentBlockTimestamp() external view returns (uint256 timestamp) {
        timestamp = block.timestamp;
    }
}
