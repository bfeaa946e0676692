// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @notice Delegation target for EIP-7702: an account that delegates to this
/// code runs several calls in one transaction it sends to itself, all or
/// nothing. Groundwork for a development wallet that answers EIP-5792's
/// `wallet_sendCalls` with real atomicity.
///
/// The code runs in the delegating account's context: `address(this)` is the
/// account, so only the account itself may start a batch (a transaction from
/// the account to its own address). It keeps no storage, so it cannot clash
/// with whatever an earlier delegation left in the account.
contract BatchExecutor {
    struct Call {
        address to;
        uint256 value;
        bytes data;
    }

    /// A call of the batch failed; `reason` is its raw revert data. Every earlier call is undone with it.
    error CallFailed(uint256 index, bytes reason);
    /// Someone other than the account tried to run a batch.
    error Unauthorized(address caller);

    /// @notice Runs `calls` in order from this account; reverts the whole batch when one fails.
    function execute(Call[] calldata calls) external payable {
        if (msg.sender != address(this)) revert Unauthorized(msg.sender);
        for (uint256 i = 0; i < calls.length; ++i) {
            (bool ok, bytes memory result) = calls[i].to.call{value: calls[i].value}(calls[i].data);
            if (!ok) revert CallFailed(i, result);
        }
    }

    /// Without this a delegated account could no longer receive plain ETH (refunds, native releases).
    receive() external payable {}
}
