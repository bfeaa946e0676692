// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {BridgeEscrow, IERC20Like} from "./BridgeEscrow.sol";

/// @notice Provider "slowlane": the plain case, where the contract the
/// transaction is sent to is also the approval spender. ERC-20 only.
contract SlowlaneBridge is BridgeEscrow {
    constructor(address operator_) BridgeEscrow(operator_) {}

    function deposit(
        bytes32 intentId,
        address token,
        uint256 amount,
        string calldata destChain,
        bytes calldata recipient
    ) external {
        require(token != NATIVE, "SlowlaneBridge: native token not supported");
        require(IERC20Like(token).transferFrom(msg.sender, address(this), amount), "SlowlaneBridge: transfer failed");
        _recordDeposit(intentId, token, amount, 0, destChain, recipient);
    }
}
