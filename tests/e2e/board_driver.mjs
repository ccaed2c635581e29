// Drives the chessgroundx board of the evochess UI like a person: clicks and drags on squares.

export class BoardDriver {
  constructor(page) {
    this.page = page;
  }

  // A square's centre in the viewport. The board is scrolled into view first, as a person
  // would: on a phone the page can sit scrolled so that part of the board is off screen, and a
  // click there would land on nothing.
  async squareCenter(square) {
    const board = this.page.locator('#board cg-board');
    await board.scrollIntoViewIfNeeded();
    const box = await board.boundingBox();
    const whiteBelow = await this.page
      .locator('#board .cg-wrap, #board.cg-wrap')
      .first()
      .evaluate((element) => element.classList.contains('orientation-white'));
    const file = square.charCodeAt(0) - 'a'.charCodeAt(0);
    const rank = Number(square[1]) - 1;
    const column = whiteBelow ? file : 7 - file;
    const row = whiteBelow ? 7 - rank : rank;
    return { x: box.x + ((column + 0.5) * box.width) / 8, y: box.y + ((row + 0.5) * box.height) / 8 };
  }

  async click(from, to) {
    for (const square of [from, to]) {
      const { x, y } = await this.squareCenter(square);
      await this.page.mouse.click(x, y);
    }
  }

  async drag(from, to) {
    const start = await this.squareCenter(from);
    const end = await this.squareCenter(to);
    await this.page.mouse.move(start.x, start.y);
    await this.page.mouse.down();
    await this.page.mouse.move((start.x + end.x) / 2, (start.y + end.y) / 2, { steps: 5 });
    await this.page.mouse.move(end.x, end.y, { steps: 5 });
    await this.page.mouse.up();
  }

  // Waits until the piece on a square matches `pattern` (animations end), else throws.
  async expectPiece(square, pattern, timeoutMs = 3000) {
    const deadline = Date.now() + timeoutMs;
    let seen = null;
    while (Date.now() < deadline) {
      seen = await this.pieceOn(square);
      if (seen && pattern.test(seen)) return seen;
      await this.page.waitForTimeout(50);
    }
    throw new Error(`expected a piece matching ${pattern} on ${square}, saw ${seen}`);
  }

  // The piece classes on a square, e.g. "white c-piece".
  async pieceOn(square) {
    const { x, y } = await this.squareCenter(square);
    return this.page.evaluate(
      ([px, py]) => {
        for (const piece of document.querySelectorAll('#board piece')) {
          const rect = piece.getBoundingClientRect();
          if (
            px >= rect.left &&
            px < rect.right &&
            py >= rect.top &&
            py < rect.bottom &&
            !piece.classList.contains('ghost') &&
            !piece.classList.contains('fading')
          )
            return piece.className;
        }
        return null;
      },
      [x, y],
    );
  }
}

// Picks a choice in the promotion picker: from the column on the square, else under "more".
export async function choosePromotion(page, uci) {
  const button = page.locator(`#promotion-dialog button[data-uci="${uci}"]`);
  if (!(await button.isVisible())) await page.click('#promotion-dialog .promotion-more');
  await button.click();
}
