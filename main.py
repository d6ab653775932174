"""Entry point for the desktop game and the pygbag web build: build the app, run its loop.

The loop itself lives in game/ui/app.py; pygbag needs `async def main()` here and
`asyncio.run(main())` as the very last line.
"""

import asyncio

from game.ui import app


async def main() -> None:
    """Run the game until the player quits (or self-play has played its hands)."""
    await app.main()


asyncio.run(main())
