// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

interface IERC20Like {
    function transfer(address to, uint256 amount) external returns (bool);
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
    function approve(address spender, uint256 amount) external returns (bool);
    function balanceOf(address owner) external view returns (uint256);
}

/// @notice Source-chain escrow shared by every sandbox provider. A deposit is
/// keyed by the routing service's intent id so the service can match a source
/// transaction to its intent from the receipt logs alone, and so the operator
/// can hand the exact deposit back when a route fails.
abstract contract BridgeEscrow {
    /// The spec's placeholder address for a chain's native token.
    address public constant NATIVE = 0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE;

    struct Deposit {
        address depositor;
        address token;
        uint256 amount;
        uint256 nativeFee;
        bool refunded;
    }

    address public immutable operator;
    mapping(bytes32 => Deposit) public deposits;

    event BridgeDeposit(
        bytes32 indexed intentId,
        address indexed depositor,
        address token,
        uint256 amount,
        uint256 nativeFee,
        string destChain,
        bytes recipient
    );
    event BridgeRefund(bytes32 indexed intentId, address indexed depositor, address token, uint256 amount, uint256 nativeFee);

    modifier onlyOperator() {
        require(msg.sender == operator, "BridgeEscrow: caller is not the operator");
        _;
    }

    constructor(address operator_) {
        require(operator_ != address(0), "BridgeEscrow: zero operator");
        operator = operator_;
    }

    /// @notice Returns a deposit (tokens and any native fee) to its depositor.
    function refund(bytes32 intentId) external onlyOperator {
        Deposit storage d = deposits[intentId];
        require(d.depositor != address(0), "BridgeEscrow: unknown intent");
        require(!d.refunded, "BridgeEscrow: already refunded");
        d.refunded = true;
        uint256 nativeOut = d.nativeFee;
        if (d.token == NATIVE) {
            nativeOut += d.amount;
        } else {
            require(IERC20Like(d.token).transfer(d.depositor, d.amount), "BridgeEscrow: token refund failed");
        }
        if (nativeOut > 0) {
            (bool ok, ) = payable(d.depositor).call{value: nativeOut}("");
            require(ok, "BridgeEscrow: native refund failed");
        }
        emit BridgeRefund(intentId, d.depositor, d.token, d.amount, d.nativeFee);
    }

    /// @dev Callers move the funds first; this records them and emits the event the service matches on.
    function _recordDeposit(
        bytes32 intentId,
        address token,
        uint256 amount,
        uint256 nativeFee,
        string calldata destChain,
        bytes calldata recipient
    ) internal {
        require(intentId != bytes32(0), "BridgeEscrow: empty intent id");
        require(deposits[intentId].depositor == address(0), "BridgeEscrow: intent already deposited");
        require(amount > 0, "BridgeEscrow: zero amount");
        require(bytes(destChain).length > 0, "BridgeEscrow: empty destination chain");
        require(recipient.length > 0, "BridgeEscrow: empty recipient");
        deposits[intentId] = Deposit(msg.sender, token, amount, nativeFee, false);
        emit BridgeDeposit(intentId, msg.sender, token, amount, nativeFee, destChain, recipient);
    }
}
