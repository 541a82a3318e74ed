"""LOTR TCG deck construction (001 Section One “Building your deck”; GEMP format lists)."""
