// The analysis board: a line of moves from any position, tried on the board without touching
// any game, with the engine's best lines. Its positions (legal moves, counters, result) come
// from the WebAssembly rules in the browser, or from the server where they cannot answer
// (positionRules.ts): no game is stored or changed.
// A move that differs from the line's next one branches off it: the moves make a tree of
// variations (issue 23, item 10), with a comment on any move, exported as PGN, and kept in the
// browser for a reload or a later visit (treeStore.ts).
import type { Key } from 'chessgroundx/types';
import type { PositionRequest, PositionState } from '../api';
import type { GameBoard } from '../board';
import { renderSideStrip, renderStatus } from '../gamePanels';
import { indexLegalMoves, otherSide, parseMove, unitsOfFen, type LegalMoveIndex, type ParsedMove } from '../moves';
import type { PlyNavigation, Step } from '../plyNavigation';
import { stepTarget } from '../plyNavigation';
import { positionState } from '../positionRules';
import { pickPromotion } from '../promotionPicker';
import { analysisHash, type AnalysisAddress } from './analysisAddress';
import { arrowsOf, EngineLines } from './engineLines';
import { treePgn } from './linePgn';
import { follow, lineThrough, newRoot, numberingOf, pathTo, playFrom, type TreeNode } from './variationTree';
import { loadTree, saveTree, treeKey } from './treeStore';
import { renderTree } from './variationView';

export interface AnalysisElements {
  panel: HTMLElement;
  title: HTMLElement;
  stripTop: HTMLElement;
  stripBottom: HTMLElement;
  status: HTMLElement;
  moveList: HTMLOListElement;
  evalBar: HTMLElement;
  lines: HTMLOListElement;
  summary: HTMLElement;
  engineToggle: HTMLInputElement;
  fen: HTMLInputElement;
  pgn: HTMLTextAreaElement;
  backButton: HTMLButtonElement;
  promotionDialog: HTMLDialogElement;
  comment: HTMLTextAreaElement;
}

const byId = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;

// The page's elements the analysis board uses (web/index.html): its panel, and the board's
// surroundings it shares with the game (strips, status, move list, eval bar).
export function analysisElementsOfPage(): AnalysisElements {
  return {
    panel: byId('analysis-panel'),
    title: byId('game-title'),
    stripTop: byId('strip-top'),
    stripBottom: byId('strip-bottom'),
    status: byId('status'),
    moveList: byId<HTMLOListElement>('move-list'),
    evalBar: byId('eval-bar'),
    lines: byId<HTMLOListElement>('analysis-lines'),
    summary: byId('analysis-summary'),
    engineToggle: byId<HTMLInputElement>('analysis-engine-toggle'),
    fen: byId<HTMLInputElement>('analysis-fen'),
    pgn: byId<HTMLTextAreaElement>('analysis-pgn'),
    backButton: byId<HTMLButtonElement>('analysis-back-button'),
    promotionDialog: byId<HTMLDialogElement>('promotion-dialog'),
    comment: byId<HTMLTextAreaElement>('analysis-comment'),
  };
}

export interface AnalysisHost {
  board: GameBoard;
  navigation: PlyNavigation;
  variantTitle: (variant: string) => string;
  variantStartFen: (variant: string) => string | undefined;
  showError: (error: unknown) => void;
  // Leaves the analysis board: back to the game it came from, at the position shown.
  leave: (game: number | null, ply: number) => void;
  // After every render: the board's keyboard labels.
  afterRender: () => void;
}

export class AnalysisBoard {
  private address: AnalysisAddress;
  private line: PositionState | null = null;
  private shown: PositionState | null = null;
  private legal: LegalMoveIndex = indexLegalMoves([]);
  private readonly positions = new Map<string, PositionState>();
  private readonly engine: EngineLines;
  private busy = false;
  private loads = 0;
  // Every move tried, as a tree; the address is the line through the node shown.
  private root: TreeNode = newRoot();
  private treeOf = '';
  private commentFor: TreeNode | null = null;

  constructor(
    private readonly host: AnalysisHost,
    private readonly elements: AnalysisElements,
    address: AnalysisAddress,
  ) {
    this.address = address;
    this.engine = new EngineLines(
      elements.lines,
      elements.summary,
      elements.evalBar,
      (arrows) => host.board.highlight(arrows),
      host.showError,
      (moves) => void this.playMoves(moves),
    );
    this.engine.setEnabled(elements.engineToggle.checked);
    elements.comment.addEventListener('input', () => {
      const node = this.current();
      node.comment = elements.comment.value;
      this.renderTreeAndPgn();
    });
  }

  // The node shown: the address's line up to its ply, added to the tree if new.
  private current(): TreeNode {
    return follow(this.root, this.address.moves.slice(0, this.address.ply));
  }

  // Goes to a node of the tree: the line through it, at its ply.
  selectNode(node: TreeNode): void {
    this.address = { ...this.address, moves: lineThrough(node), ply: pathTo(node).length };
    void this.load();
  }

  // Shows the line and position of this address (the first time, or after the address changed).
  async open(address: AnalysisAddress = this.address): Promise<void> {
    this.address = address;
    // Another game, or another variant or start position: a tree of its own, as kept.
    const treeOf = treeKey(address);
    if (treeOf !== this.treeOf) {
      this.root = loadTree(treeOf) ?? newRoot();
      this.treeOf = treeOf;
    }
    follow(this.root, address.moves);
    this.elements.panel.hidden = false;
    document.body.classList.add('analysis-mode');
    await this.load();
  }

  close(): void {
    this.engine.stop();
    this.elements.panel.hidden = true;
    this.elements.backButton.hidden = true;
    document.body.classList.remove('analysis-mode');
  }

  setEngine(on: boolean): void {
    this.engine.setEnabled(on);
    if (on) this.analyseShown();
    this.renderStrips();
  }

  step(step: Step): void {
    void this.view(stepTarget(step, this.address.ply, this.address.moves.length));
  }

  async view(ply: number): Promise<void> {
    this.address = { ...this.address, ply };
    await this.load();
  }

  leave(): void {
    this.host.leave(this.address.game, this.address.ply);
  }

  async onUserMove(from: Key, to: Key): Promise<void> {
    const shown = this.shown;
    if (!shown || this.busy) return;
    const choices = this.legal.choices(from, to);
    let chosen: ParsedMove | null = choices[0] ?? null;
    if (choices.length > 1) {
      chosen = await pickPromotion(this.elements.promotionDialog, choices, {
        mover: shown.turn,
        units: unitsOfFen(shown.fen),
        highlight: (shapes) => this.host.board.highlight(shapes),
        variant: shown.variant,
        placeOf: (square) => this.host.board.placeOf(square),
      });
    }
    if (!chosen) return this.render();
    await this.playMoves([chosen.uci]);
  }

  // Plays these moves from the position shown: the line goes on with them if it already
  // does, else they branch off it (a variation, or one tried before).
  async playMoves(played: string[]): Promise<void> {
    const { moves, ply } = this.address;
    const follows = played.every((uci, index) => moves[ply + index] === uci);
    const reached = played.reduce((node, uci) => playFrom(node, uci), this.current());
    const kept = follows ? moves : lineThrough(reached);
    this.address = { ...this.address, moves: kept, ply: ply + played.length };
    await this.load();
  }

  private request(moves: string[]): PositionRequest {
    const request: PositionRequest = { variant: this.address.variant, moves };
    if (this.address.startFen) request.fen = this.address.startFen;
    return request;
  }

  private async position(moves: string[]): Promise<PositionState> {
    const key = `${this.address.variant} ${this.address.startFen ?? ''} ${moves.join(',')}`;
    const known = this.positions.get(key);
    if (known) return known;
    const answer = await positionState(this.request(moves));
    this.positions.set(key, answer);
    return answer;
  }

  // Finds the whole line and the position shown, then shows them.
  private async load(): Promise<void> {
    this.busy = true;
    // Steps made quickly (a key held down): only the last one's answers are shown.
    const load = ++this.loads;
    try {
      const { moves, ply } = this.address;
      const line = await this.position(moves);
      const shown = ply === moves.length ? line : await this.position(moves.slice(0, ply));
      if (load !== this.loads) return;
      this.line = line;
      this.shown = shown;
      // The rules name the line's moves: the tree keeps the names.
      pathTo(follow(this.root, moves)).forEach((node, index) => (node.san = line.history[index]?.san ?? node.san));
      this.legal = indexLegalMoves(shown.legal);
      const hash = analysisHash(this.address);
      if (location.hash !== hash) history.replaceState(null, '', hash);
      this.busy = false;
      this.render();
      this.analyseShown();
    } catch (error) {
      if (load !== this.loads) return;
      this.busy = false;
      this.host.showError(error);
      this.render();
    }
  }

  private analyseShown(): void {
    if (!this.shown) return;
    this.engine.analyse(
      this.request(this.address.moves.slice(0, this.address.ply)),
      this.shown.result !== null || this.shown.legal.length === 0,
    );
  }

  render(): void {
    const { board, navigation } = this.host;
    const line = this.line;
    const shown = this.shown;
    if (!line || !shown) return;
    const { ply } = this.address;
    const startFen = line.history.length ? this.startFenOf(line) : line.fen;
    const last = ply > 0 ? line.history[ply - 1] : null;
    const lastMove = last ? parseMove(last) : null;
    const over = shown.result !== null;
    board.show({
      fen: shown.fen,
      turn: shown.turn,
      check: shown.check,
      lastMove: lastMove ? [lastMove.from, lastMove.to] : null,
      dests: over || this.busy ? null : this.legal.dests,
    });
    board.highlight(this.engine.on ? arrowsOf(this.engine.current) : []);
    const e = this.elements;
    e.title.textContent = `Analysis · ${this.host.variantTitle(this.address.variant)}`;
    this.renderStrips();
    renderStatus(e.status, shown, false);
    this.startFen = startFen;
    this.renderTreeAndPgn();
    navigation.update(ply, this.address.moves.length);
    e.fen.value = shown.fen;
    // The comment box shows the comment of the move shown (kept while it is typed in).
    const node = this.current();
    if (this.commentFor !== node) {
      e.comment.value = node.comment;
      this.commentFor = node;
    }
    e.comment.disabled = ply === 0;
    e.backButton.hidden = this.address.game === null;
    this.host.afterRender();
  }

  private startFen = '';

  private renderTreeAndPgn(): void {
    const e = this.elements;
    renderTree(e.moveList, this.root, this.current(), numberingOf(this.startFen), (node) => this.selectNode(node));
    e.pgn.value = treePgn(this.address.variant, this.address.startFen, this.root, this.host.variantStartFen(this.address.variant));
    saveTree(this.treeOf, this.root);
  }

  renderStrips(): void {
    const shown = this.shown;
    if (!shown) return;
    const bottom = this.host.board.orientation === 'white' ? 'w' : 'b';
    this.elements.evalBar.classList.toggle('flipped', bottom === 'b');
    // The bar shows while the engine is on (as on lichess).
    this.elements.evalBar.hidden = !this.engine.on;
    renderSideStrip(this.elements.stripBottom, shown, bottom);
    renderSideStrip(this.elements.stripTop, shown, otherSide(bottom));
  }

  // The line's start: the address's FEN, else the position before its first move.
  private startFenOf(line: PositionState): string {
    return this.address.startFen ?? line.start_fen ?? this.host.variantStartFen(this.address.variant) ?? line.fen;
  }
}
