"""The engine and what plays on it: the flat-array replay behind `Game` and
`replay`, observations, floods."""
