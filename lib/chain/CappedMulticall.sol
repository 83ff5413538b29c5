// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// Many read calls in one eth_call, each with a gas cap of its own, so a contract that burns gas
/// (a loop in totalSupply, say) spends only its own cap and never its neighbours' gas. Multicall3's
/// aggregate3 gives every inner call all the gas left, so one such contract starves every call
/// after it in the chunk.
///
/// Never deployed: the refresh pass places this runtime code at an address of its own for one
/// eth_call (a state override, lib/market/onchain/capped-multicall.ts). The compiled code is
/// committed beside it (capped-multicall-code.ts); tests/unit/capped-multicall-code.test.ts
/// recompiles this file and checks the two match.
contract CappedMulticall {
    struct Call {
        address target;
        /// The most gas the call may use.
        uint256 gasLimit;
        bytes callData;
    }

    /// The call answered (returnData is its answer).
    uint8 internal constant OK = 0;
    /// The call reverted or ran out of its gas (gasUsed tells which); returnData is its revert data.
    uint8 internal constant FAILED = 1;
    /// Not made: the gas left could not give the call its whole cap (EIP-150 passes on at most
    /// 63/64 of it), so its outcome would have said nothing about the contract.
    uint8 internal constant NOT_RUN = 2;
    /// The call answered more than MAX_RETURN bytes; the answer is not copied (a contract must not
    /// make the caller pay for a huge answer). Every read of the pass answers 96 bytes or less.
    uint8 internal constant TOO_LONG = 3;

    struct Result {
        uint8 status;
        /// Gas from just before the call to just after it: the callee's gas plus the CALL itself.
        uint256 gasUsed;
        bytes returnData;
    }

    uint256 internal constant MAX_RETURN = 256;
    /// Gas kept back beyond a call's cap for the CALL's own cost (a cold account: 2,600) and the
    /// bookkeeping after it.
    uint256 internal constant RESERVE = 10_000;

    function run(Call[] calldata calls) external returns (uint256 timestamp, Result[] memory results) {
        results = new Result[](calls.length);
        for (uint256 i = 0; i < calls.length; ) {
            Call calldata entry = calls[i];
            uint256 cap = entry.gasLimit;
            if (gasleft() < cap + cap / 63 + RESERVE) {
                results[i].status = NOT_RUN;
            } else {
                address target = entry.target;
                bytes calldata callData = entry.callData;
                bool success;
                uint256 size;
                uint256 used;
                assembly {
                    // The call's input at the free memory pointer, which stays where it is: scratch space.
                    let input := mload(0x40)
                    calldatacopy(input, callData.offset, callData.length)
                    used := gas()
                    success := call(cap, target, 0, input, callData.length, 0, 0)
                    used := sub(used, gas())
                    size := returndatasize()
                }
                Result memory result = results[i];
                result.gasUsed = used;
                if (size > MAX_RETURN) {
                    result.status = success ? TOO_LONG : FAILED;
                } else {
                    result.status = success ? OK : FAILED;
                    if (size > 0) {
                        bytes memory returnData = new bytes(size);
                        assembly {
                            returndatacopy(add(returnData, 0x20), 0, size)
                        }
                        result.returnData = returnData;
                    }
                }
            }
            unchecked {
                ++i;
            }
        }
        timestamp = block.timestamp;
    }
}
