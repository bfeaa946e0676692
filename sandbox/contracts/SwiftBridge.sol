// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {BridgeEscrow, IERC20Like} from "./BridgeEscrow.sol";

/// @notice Provider "swiftbridge" pulls tokens through this separate proxy, so
/// users approve the proxy while sending the transaction to the router: the
/// approval spender differs from `transaction.to`, as the spec warns.
contract SwiftTokenTransferProxy {
    address public immutable owner;
    address public router;

    constructor() {
        owner = msg.sender;
    }

    function setRouter(address router_) external {
        require(msg.sender == owner, "SwiftTokenTransferProxy: caller is not the owner");
        require(router == address(0), "SwiftTokenTransferProxy: router already set");
        router = router_;
    }

    function transferFrom(address token, address from, address to, uint256 amount) external {
        require(msg.sender == router, "SwiftTokenTransferProxy: caller is not the router");
        require(IERC20Like(token).transferFrom(from, to, amount), "SwiftTokenTransferProxy: transfer failed");
    }
}

contract SwiftRouter is BridgeEscrow {
    SwiftTokenTransferProxy public immutable tokenTransferProxy;

    constructor(address operator_, SwiftTokenTransferProxy tokenTransferProxy_) BridgeEscrow(operator_) {
        tokenTransferProxy = tokenTransferProxy_;
    }

    /// @param amount Tokens pulled from the sender (service fee included). msg.value is the gas receiver fee.
    function bridgeERC20(
        bytes32 intentId,
        address token,
        uint256 amount,
        string calldata destChain,
        bytes calldata recipient
    ) external payable {
        require(token != NATIVE, "SwiftRouter: use bridgeNative for the native token");
        tokenTransferProxy.transferFrom(token, msg.sender, address(this), amount);
        _recordDeposit(intentId, token, amount, msg.value, destChain, recipient);
    }

    function bridgeNative(bytes32 intentId, string calldata destChain, bytes calldata recipient) external payable {
        _recordDeposit(intentId, NATIVE, msg.value, 0, destChain, recipient);
    }
}
