// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20Like} from "./BridgeEscrow.sol";

/// @notice A route request's `hooks.postHook`, as the operator passes it on chain.
/// @param patchAmount True for `fullAmount` hooks: the delivered amount is written into callData.
/// @param amountInputPos Index of the 32-byte ABI argument (after the selector) that receives the amount.
/// @param approvalAddress Spender allowed to pull the hook's tokens; the target when zero.
struct PostHook {
    address target;
    bytes callData;
    bool patchAmount;
    uint256 amountInputPos;
    address approvalAddress;
}

/// @notice Runs a post hook with only the funds meant for it. The vault never
/// calls a hook target itself: arbitrary calldata from a route request must not
/// be able to move the vault's own liquidity. Whatever the hook leaves behind
/// (all of it, if the call fails) goes to the route's recipient.
contract HookExecutor {
    address public constant NATIVE = 0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE;
    address public immutable vault;

    event HookExecuted(bytes32 indexed intentId, address indexed target, address token, uint256 amount, bool success);

    constructor() {
        vault = msg.sender;
    }

    function execute(
        bytes32 intentId,
        address token,
        uint256 amount,
        PostHook calldata hook,
        address payable fallbackRecipient
    ) external payable {
        require(msg.sender == vault, "HookExecutor: caller is not the vault");
        bytes memory data = hook.callData;
        if (hook.patchAmount) {
            // amountInputPos counts 32-byte ABI arguments after the 4-byte selector.
            uint256 offset = 4 + 32 * hook.amountInputPos;
            require(data.length >= offset + 32, "HookExecutor: amountInputPos out of range");
            assembly {
                mstore(add(add(data, 32), offset), amount)
            }
        }
        bool ok;
        if (token == NATIVE) {
            (ok, ) = hook.target.call{value: amount}(data);
        } else {
            address spender = hook.approvalAddress == address(0) ? hook.target : hook.approvalAddress;
            IERC20Like(token).approve(spender, amount);
            (ok, ) = hook.target.call(data);
            IERC20Like(token).approve(spender, 0);
        }
        emit HookExecuted(intentId, hook.target, token, amount, ok);
        _sweep(token, fallbackRecipient);
    }

    function _sweep(address token, address payable to) private {
        if (token == NATIVE) {
            uint256 left = address(this).balance;
            if (left > 0) {
                (bool sent, ) = to.call{value: left}("");
                require(sent, "HookExecutor: native sweep failed");
            }
        } else {
            uint256 left = IERC20Like(token).balanceOf(address(this));
            if (left > 0) require(IERC20Like(token).transfer(to, left), "HookExecutor: token sweep failed");
        }
    }
}

/// @notice Destination-chain liquidity. The sandbox operator releases a route's
/// output from here once the source deposit is confirmed; each intent can be
/// released once.
contract LiquidityVault {
    address public constant NATIVE = 0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE;
    address public immutable operator;
    HookExecutor public immutable hookExecutor;
    mapping(bytes32 => bool) public released;

    event Released(bytes32 indexed intentId, address indexed recipient, address token, uint256 amount, uint256 hookAmount);

    modifier onlyOperator() {
        require(msg.sender == operator, "LiquidityVault: caller is not the operator");
        _;
    }

    constructor(address operator_) {
        operator = operator_;
        hookExecutor = new HookExecutor();
    }

    receive() external payable {}

    function release(bytes32 intentId, address token, address payable recipient, uint256 amount) external onlyOperator {
        _markReleased(intentId);
        _send(token, recipient, amount);
        emit Released(intentId, recipient, token, amount, 0);
    }

    /// @param hookAmount Part of `amount` handed to the hook; the rest goes to `recipient`.
    function releaseWithHook(
        bytes32 intentId,
        address token,
        address payable recipient,
        uint256 amount,
        uint256 hookAmount,
        PostHook calldata hook
    ) external onlyOperator {
        require(hookAmount > 0 && hookAmount <= amount, "LiquidityVault: invalid hook amount");
        require(hook.target != address(0), "LiquidityVault: missing hook target");
        _markReleased(intentId);
        uint256 direct = amount - hookAmount;
        if (direct > 0) _send(token, recipient, direct);
        if (token == NATIVE) {
            hookExecutor.execute{value: hookAmount}(intentId, token, hookAmount, hook, recipient);
        } else {
            require(IERC20Like(token).transfer(address(hookExecutor), hookAmount), "LiquidityVault: transfer failed");
            hookExecutor.execute(intentId, token, hookAmount, hook, recipient);
        }
        emit Released(intentId, recipient, token, amount, hookAmount);
    }

    function _markReleased(bytes32 intentId) private {
        require(!released[intentId], "LiquidityVault: intent already released");
        released[intentId] = true;
    }

    function _send(address token, address payable to, uint256 amount) private {
        if (token == NATIVE) {
            (bool ok, ) = to.call{value: amount}("");
            require(ok, "LiquidityVault: native transfer failed");
        } else {
            require(IERC20Like(token).transfer(to, amount), "LiquidityVault: token transfer failed");
        }
    }
}
