// Build-time only: turns Adrian Kennard's public-domain card designs, as published in the
// npm package @letele/playing-cards (CC0), into the small PNG files the game ships in
// assets/cards/. The game never runs this; its output is committed.
//
//   cd tools/card_art && npm ci && node render.mjs
//
// The package holds React components that return SVG built from <symbol> and <use>, which
// pygame's SVG loader does not draw. react-dom/server turns each component into SVG text and
// resvg (which understands <use>) rasterizes it. What is written:
//
//   court-<rank><suit>.png  the top half of each court card's picture panel (frame included),
//                           without the corner index and the big suit pip: the game draws
//                           those itself in the chosen palette. The panel is point-symmetric,
//                           so the game rotates this half by 180 degrees for the lower half.
//   ranks.png               the corner-index glyphs A, 2..10, J, Q, K as white + alpha masks,
//                           one square cell each, left to right.
//   suits.png               the suit symbols C, D, H, S as white + alpha masks, one cell each.
//   cards.json              cell sizes and, per court card, which side its big pip sits on.
//
// Colour images are quantized to a palette (UPNG, k-means) to keep the browser archive small.

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as React from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Resvg } from '@resvg/resvg-js';
import UPNG from 'upng-js';
// The package names only a "module" entry, which Node does not resolve by package name.
import * as deck from '@letele/playing-cards/dist/index.esm.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const OUT = path.resolve(HERE, '..', '..', 'assets', 'cards');

// Pixel sizes of what is shipped. The largest card the table draws is about 260 px wide, and
// the panel is 165/240 of a card's width, so a 180 px wide panel is never scaled up much.
const PANEL_WIDTH = 180;
const PANEL_COLOURS = 64;
const RANK_CELL = 128;
const SUIT_CELL = 192;
// The glyphs' own boxes are 1000 (ranks) and 1200 (suits) units square; a little more room
// keeps the thickened strokes whole.
const RANK_SPAN = 1100;
const SUIT_SPAN = 1200;
// The corner glyphs are single strokes 80 units wide; a card index read at 12-20 px needs
// them a little bolder.
const RANK_STROKE = 100;

// The panel in the designs' own units (the card is -120..120 by -168..168). Half a unit of
// margin keeps the frame's stroke; the lower edge is exactly the card's centre line.
const PANEL = { left: -83, right: 83, top: -130.9 };

// Kennard's full red is harsh next to the game's suit ink; this is the game's heart red.
const RED = '#C81E28';

const SUITS = ['C', 'D', 'H', 'S'];
const RANKS = ['a', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'j', 'q', 'k'];
const COURTS = ['j', 'q', 'k'];

function svgOf(name) {
  const component = deck[name];
  if (!component) throw new Error(`@letele/playing-cards has no card ${name}`);
  return renderToStaticMarkup(React.createElement(component));
}

// The id of the <symbol> a top-level <use> of the given height points at (the corner rank
// glyph is drawn 32 units tall, the corner suit 26.769).
function symbolIdUsedAt(svg, height) {
  const match = svg.match(new RegExp(`<use xlink:href="#([^"]+)" height="${height}"`));
  if (!match) throw new Error(`no <use> of height ${height}`);
  return match[1];
}

function symbolElement(svg, id) {
  const match = svg.match(new RegExp(`<symbol id="${id}"[\\s\\S]*?</symbol>`));
  if (!match) throw new Error(`no <symbol id="${id}">`);
  return match[0];
}

function rasterize(svg, width) {
  const image = new Resvg(svg, {
    fitTo: { mode: 'width', value: width },
    background: 'rgba(0,0,0,0)',
    shapeRendering: 2,
  }).render();
  return { width: image.width, height: image.height, pixels: new Uint8Array(image.pixels) };
}

function writePng(name, image, colours) {
  const png = UPNG.encode([image.pixels.buffer], image.width, image.height, colours);
  fs.writeFileSync(path.join(OUT, name), Buffer.from(png));
  return png.byteLength;
}

// --- court panels ------------------------------------------------------------------------

function courtPanel(suit, rank) {
  let svg = svgOf(suit + rank);
  const rankSymbol = symbolIdUsedAt(svg, '32');
  const suitSymbol = symbolIdUsedAt(svg, '26.769');
  // Which side the big pip is on: its x is left of the centre line or right of it.
  const pip = svg.match(new RegExp(`<use xlink:href="#${suitSymbol}" height="55.68" width="55.68" x="([-\\d.]+)"`));
  if (!pip) throw new Error(`${suit}${rank}: no big pip`);
  const side = Number(pip[1]) < 0 ? 'left' : 'right';
  // Drop the white card, the corner indices and the big pips (the game draws those), keep
  // the picture layers and the frame.
  svg = svg
    .replace(/<rect width="239"[^>]*><\/rect>/, '')
    .replace(/<g transform="rotate\(180\)">[\s\S]*?<\/g>/, '')
    .replace(new RegExp(`<use xlink:href="#(${rankSymbol}|${suitSymbol})"[^>]*></use>`, 'g'), '')
    .replaceAll('fill="red"', `fill="${RED}"`)
    .replaceAll('stroke="red"', `stroke="${RED}"`);
  const height = Math.round((PANEL_WIDTH * -PANEL.top) / (PANEL.right - PANEL.left));
  const unitsHigh = (height * (PANEL.right - PANEL.left)) / PANEL_WIDTH;
  const viewBox = `${PANEL.left} ${-unitsHigh} ${PANEL.right - PANEL.left} ${unitsHigh}`;
  svg = svg
    .replace(/viewBox="[^"]*"/, `viewBox="${viewBox}"`)
    .replace(/ height="336"/, ` height="${unitsHigh}"`)
    .replace(/ width="240"/, ` width="${PANEL.right - PANEL.left}"`);
  const image = rasterize(svg, PANEL_WIDTH);
  return { image, side };
}

// --- glyph masks -----------------------------------------------------------------------

// One symbol's drawing on its own, in a square `cell` px wide covering `span` of its units
// around its centre (wider than its viewBox, so strokes at the edge are not clipped).
function symbolMask(svg, id, cell, span, strokeWidth) {
  const symbol = symbolElement(svg, id);
  let drawing = symbol.replace(/^<symbol[^>]*>/, '').replace(/<\/symbol>$/, '');
  if (strokeWidth) drawing = drawing.replace(/stroke-width="[\d.]+"/g, `stroke-width="${strokeWidth}"`);
  const standalone =
    '<svg xmlns="http://www.w3.org/2000/svg" ' +
    `viewBox="${-span / 2} ${-span / 2} ${span} ${span}" width="${cell}" height="${cell}">${drawing}</svg>`;
  const image = rasterize(standalone, cell);
  // Keep only coverage: white ink whose alpha the game tints to any colour.
  for (let i = 0; i < image.pixels.length; i += 4) {
    image.pixels[i] = image.pixels[i + 1] = image.pixels[i + 2] = 255;
  }
  return image;
}

function sheet(cells, cell) {
  const width = cell * cells.length;
  const pixels = new Uint8Array(width * cell * 4);
  cells.forEach((image, index) => {
    for (let y = 0; y < cell; y++) {
      const from = y * cell * 4;
      pixels.set(image.pixels.subarray(from, from + cell * 4), (y * width + index * cell) * 4);
    }
  });
  return { width, height: cell, pixels };
}

function main() {
  fs.mkdirSync(OUT, { recursive: true });
  const sizes = {};
  const pipSide = {};
  for (const suit of SUITS) {
    for (const rank of COURTS) {
      const { image, side } = courtPanel(suit, rank);
      const name = `court-${rank.toUpperCase()}${suit}.png`;
      sizes[name] = writePng(name, image, PANEL_COLOURS);
      pipSide[`${rank.toUpperCase()}${suit}`] = side;
    }
  }
  // The corner glyphs come from the spade cards (every suit uses the same shapes).
  const rankCells = RANKS.map((rank) => {
    const svg = svgOf(`S${rank}`);
    return symbolMask(svg, symbolIdUsedAt(svg, '32'), RANK_CELL, RANK_SPAN, RANK_STROKE);
  });
  sizes['ranks.png'] = writePng('ranks.png', sheet(rankCells, RANK_CELL), 0);
  const suitCells = SUITS.map((suit) => {
    const svg = svgOf(`${suit}2`);
    return symbolMask(svg, symbolIdUsedAt(svg, '26.769'), SUIT_CELL, SUIT_SPAN);
  });
  sizes['suits.png'] = writePng('suits.png', sheet(suitCells, SUIT_CELL), 0);
  const manifest = {
    source: '@letele/playing-cards 0.1.0 (CC0-1.0), Adrian Kennard\'s designs',
    rank_order: RANKS.map((rank) => rank.toUpperCase()),
    rank_cell: RANK_CELL,
    suit_order: SUITS,
    suit_cell: SUIT_CELL,
    court_pip_side: pipSide,
  };
  fs.writeFileSync(path.join(OUT, 'cards.json'), JSON.stringify(manifest, null, 2) + '\n');
  let total = 0;
  for (const [name, bytes] of Object.entries(sizes)) {
    total += bytes;
    console.log(`${name.padEnd(16)} ${(bytes / 1024).toFixed(1).padStart(6)} KB`);
  }
  console.log(`${'total'.padEnd(16)} ${(total / 1024).toFixed(1).padStart(6)} KB`);
}

main();
