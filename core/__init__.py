"""The bottom layer every app may import: error types shared by all faces.

Nothing here imports another app of the project."""
