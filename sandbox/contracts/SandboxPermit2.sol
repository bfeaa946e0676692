// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

interface IERC20Like {
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
}

/// @notice The allowance half of Uniswap's Permit2 (`AllowanceTransfer`), with
/// its function and event signatures: a user approves Permit2 once on a token,
/// then grants spenders allowances inside Permit2 with `approve`, and a spender
/// pulls with `transferFrom`. Enough for the sandbox's `permit2-approval`
/// hostile route, whose `approve(token, attacker, 2^160-1, 2^48-1)` drains
/// every token its victim ever approved to Permit2. Signatures (`permit`) are
/// left out: the widget never signs typed data.
contract SandboxPermit2 {
    struct PackedAllowance {
        uint160 amount;
        uint48 expiration;
        uint48 nonce;
    }

    mapping(address => mapping(address => mapping(address => PackedAllowance))) public allowance;

    event Approval(address indexed owner, address indexed token, address indexed spender, uint160 amount, uint48 expiration);

    function approve(address token, address spender, uint160 amount, uint48 expiration) external {
        PackedAllowance storage allowed = allowance[msg.sender][token][spender];
        allowed.amount = amount;
        allowed.expiration = expiration == 0 ? uint48(block.timestamp) : expiration;
        emit Approval(msg.sender, token, spender, amount, expiration);
    }

    function transferFrom(address from, address to, uint160 amount, address token) external {
        PackedAllowance storage allowed = allowance[from][token][msg.sender];
        require(block.timestamp <= allowed.expiration, "Permit2: allowance expired");
        if (allowed.amount != type(uint160).max) {
            require(allowed.amount >= amount, "Permit2: insufficient allowance");
            unchecked {
                allowed.amount -= amount;
            }
        }
        require(IERC20Like(token).transferFrom(from, to, amount), "Permit2: transfer failed");
    }
}
