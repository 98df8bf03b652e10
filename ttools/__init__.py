"""ttools: tournament workbooks in, standings, draws and printable appendices out."""

__version__ = "0.1.0"
