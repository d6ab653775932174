"""Entry point for the desktop game and the pygbag web build (placeholder until the table lands)."""

import asyncio


async def main() -> None:
    """Run the game's render loop."""
    await asyncio.sleep(0)


asyncio.run(main())
