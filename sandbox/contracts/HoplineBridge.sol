// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {BridgeEscrow, IERC20Like} from "./BridgeEscrow.sol";

/// @notice Provider "hopline" charges its service fee through a separate
/// collector that pulls the fee itself, so an ERC-20 route needs two
/// approvals of the same token: one for the router, one for the collector.
contract HoplineFeeCollector {
    address public immutable owner;
    address public router;

    event FeeCollected(bytes32 indexed intentId, address indexed payer, address token, uint256 amount);

    constructor() {
        owner = msg.sender;
    }

    function setRouter(address router_) external {
        require(msg.sender == owner, "HoplineFeeCollector: caller is not the owner");
        require(router == address(0), "HoplineFeeCollector: router already set");
        router = router_;
    }

    function collect(bytes32 intentId, address token, address payer, uint256 amount) external {
        require(msg.sender == router, "HoplineFeeCollector: caller is not the router");
        require(IERC20Like(token).transferFrom(payer, address(this), amount), "HoplineFeeCollector: fee transfer failed");
        emit FeeCollected(intentId, payer, token, amount);
    }
}

contract HoplineRouter is BridgeEscrow {
    HoplineFeeCollector public immutable feeCollector;

    constructor(address operator_, HoplineFeeCollector feeCollector_) BridgeEscrow(operator_) {
        feeCollector = feeCollector_;
    }

    /// @param amount Bridged amount pulled by the router (ERC-20) or sent as value (native).
    /// @param feeAmount Service fee pulled by the fee collector; must be 0 for the native token,
    ///        whose fees the service deducts from the bridged amount instead.
    function bridge(
        bytes32 intentId,
        address token,
        uint256 amount,
        uint256 feeAmount,
        string calldata destChain,
        bytes calldata recipient
    ) external payable {
        if (token == NATIVE) {
            require(feeAmount == 0, "HoplineRouter: native routes carry no fee amount");
            require(msg.value == amount, "HoplineRouter: value does not match amount");
            _recordDeposit(intentId, NATIVE, amount, 0, destChain, recipient);
            return;
        }
        require(IERC20Like(token).transferFrom(msg.sender, address(this), amount), "HoplineRouter: transfer failed");
        if (feeAmount > 0) {
            feeCollector.collect(intentId, token, msg.sender, feeAmount);
        }
        _recordDeposit(intentId, token, amount, msg.value, destChain, recipient);
    }
}
