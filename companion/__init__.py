"""Table Companion (桌游助手 / 桌遊助手): rules companion and referee for real board games."""

__version__ = "0.1.0"
