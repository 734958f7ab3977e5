"""The .slc (XML) reader and writer."""
