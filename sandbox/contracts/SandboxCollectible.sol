// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @notice A minimal ERC-721 for the local sandbox chains: the deployer mints,
/// owners approve one token or an operator for all of theirs, and approved
/// addresses move them. It exists for the `nft-approval-for-all` hostile route,
/// a `setApprovalForAll(attacker, true)` that hands every collectible of the
/// user to the attacker.
contract SandboxCollectible {
    string public constant name = "Sandbox Collectible";
    string public constant symbol = "SBX";
    address public immutable minter;

    mapping(uint256 => address) public ownerOf;
    mapping(address => uint256) public balanceOf;
    mapping(uint256 => address) public getApproved;
    mapping(address => mapping(address => bool)) public isApprovedForAll;

    event Transfer(address indexed from, address indexed to, uint256 indexed tokenId);
    event Approval(address indexed owner, address indexed approved, uint256 indexed tokenId);
    event ApprovalForAll(address indexed owner, address indexed operator, bool approved);

    constructor() {
        minter = msg.sender;
    }

    function mint(address to, uint256 tokenId) external {
        require(msg.sender == minter, "SandboxCollectible: caller is not the minter");
        require(to != address(0) && ownerOf[tokenId] == address(0), "SandboxCollectible: cannot mint");
        ownerOf[tokenId] = to;
        balanceOf[to] += 1;
        emit Transfer(address(0), to, tokenId);
    }

    function approve(address approved, uint256 tokenId) external {
        address owner = ownerOf[tokenId];
        require(msg.sender == owner || isApprovedForAll[owner][msg.sender], "SandboxCollectible: not allowed");
        getApproved[tokenId] = approved;
        emit Approval(owner, approved, tokenId);
    }

    function setApprovalForAll(address operator, bool approved) external {
        isApprovedForAll[msg.sender][operator] = approved;
        emit ApprovalForAll(msg.sender, operator, approved);
    }

    function transferFrom(address from, address to, uint256 tokenId) external {
        require(ownerOf[tokenId] == from && to != address(0), "SandboxCollectible: wrong owner");
        require(
            msg.sender == from || getApproved[tokenId] == msg.sender || isApprovedForAll[from][msg.sender],
            "SandboxCollectible: not allowed"
        );
        delete getApproved[tokenId];
        ownerOf[tokenId] = to;
        balanceOf[from] -= 1;
        balanceOf[to] += 1;
        emit Transfer(from, to, tokenId);
    }
}
