// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20Like} from "./BridgeEscrow.sol";

/// @notice Example post-hook target: a vault that credits deposits to a
/// beneficiary. Tests read `deposits` to prove a destination call ran.
contract DepositReceiver {
    address public constant NATIVE = 0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE;

    /// beneficiary => token => total deposited
    mapping(address => mapping(address => uint256)) public deposits;

    event Deposited(address indexed beneficiary, address indexed token, uint256 amount, address indexed from);

    /// Pulls `amount` of `token` from the caller, which must have approved this contract.
    function deposit(address token, uint256 amount, address beneficiary) external {
        require(amount > 0, "DepositReceiver: zero amount");
        require(IERC20Like(token).transferFrom(msg.sender, address(this), amount), "DepositReceiver: transfer failed");
        deposits[beneficiary][token] += amount;
        emit Deposited(beneficiary, token, amount, msg.sender);
    }

    function depositNative(address beneficiary) external payable {
        require(msg.value > 0, "DepositReceiver: zero amount");
        deposits[beneficiary][NATIVE] += msg.value;
        emit Deposited(beneficiary, NATIVE, msg.value, msg.sender);
    }
}
