"""`python -m game` and the `gin-rummy` console script start the game like `python main.py`."""

import asyncio


def run() -> None:
    """Start the game."""
    from game.ui.app import main  # pygame is imported only when the game starts

    asyncio.run(main())


if __name__ == "__main__":
    run()
