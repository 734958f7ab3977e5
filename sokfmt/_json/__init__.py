"""JSON: text to values with their places, objects to models."""
