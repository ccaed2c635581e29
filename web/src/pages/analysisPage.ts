// The analysis board's page (#analysis=…): made the first time it opens, on the game page's
// board, move navigation and eval bar, which it borrows while it is open. The game page hands
// it the board's moves and steps then, and draws nothing of its own.
import type { Key } from 'chessgroundx/types';
import type { ServerInfo } from '../api';
import { AnalysisBoard, analysisElementsOfPage } from '../analysis/analysisBoard';
import type { AnalysisAddress } from '../analysis/analysisAddress';
import type { GameBoard } from '../board';
import type { BoardKeyboard } from '../boardKeyboard';
import type { EnginePanel } from '../enginePanel';
import { analysisEngineAvailable, bindEnginePlaceMenu, learnEngines } from '../enginePlace';
import { copyFromButton } from '../notationTools';
import { showError } from '../notices';
import type { PlyNavigation, Step } from '../plyNavigation';
import { variantTitle } from '../variantTitles';

const byId = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;

// What the analysis board takes from the game page.
export interface GamePageParts {
  info: ServerInfo;
  board: GameBoard;
  navigation: PlyNavigation;
  boardKeys: BoardKeyboard;
  engine: EnginePanel;
  // The game on the game page, if any: "Back" with no game of its own returns to it.
  gameId: () => number | null;
}

export class AnalysisPage {
  private analysis: AnalysisBoard | null = null;
  private enginesKnown: Promise<void> = Promise.resolve();

  constructor(private readonly game: GamePageParts) {}

  get isOpen(): boolean {
    return this.analysis !== null;
  }

  // Where analysis may run (the browser's engine, the server's or none), learnt once;
  // `learnt` runs then. The board waits for it before it offers its engine switch.
  learnEngines(learnt: () => void): void {
    this.enginesKnown = learnEngines(this.game.info.engine).then(learnt);
  }

  // Its engine menu and its buttons (back, the engine switch, copy FEN and PGN).
  bindControls(): void {
    const engineToggle = byId<HTMLInputElement>('analysis-engine-toggle');
    bindEnginePlaceMenu(byId<HTMLSelectElement>('analysis-engine-place'), () => this.analysis?.setEngine(engineToggle.checked));
    byId('analysis-back-button').addEventListener('click', () => this.analysis?.leave());
    engineToggle.addEventListener('change', (e) => this.analysis?.setEngine((e.currentTarget as HTMLInputElement).checked));
    byId('analysis-copy-fen').addEventListener('click', (e) => void copyFromButton(e, byId<HTMLInputElement>('analysis-fen').value));
    byId('analysis-copy-pgn').addEventListener('click', (e) => void copyFromButton(e, byId<HTMLTextAreaElement>('analysis-pgn').value));
  }

  // The analysis board on this line, made on first use.
  async open(address: AnalysisAddress): Promise<void> {
    const entering = !this.analysis;
    if (!this.analysis) {
      await this.enginesKnown;
      // Without an engine in the browser or on the server, there is no engine switch to turn on.
      const engineToggle = byId<HTMLInputElement>('analysis-engine-toggle');
      if (!analysisEngineAvailable()) engineToggle.checked = false;
      engineToggle.disabled = !analysisEngineAvailable();
      const { board, navigation, boardKeys, info, gameId } = this.game;
      this.analysis = new AnalysisBoard(
        {
          board,
          navigation,
          variantTitle,
          variantStartFen: (variant) => info.variants.find((v) => v.name === variant)?.start_fen,
          showError,
          leave: (game, ply) => {
            if (game !== null) location.hash = `#game=${game}&ply=${ply}`;
            else {
              const shown = gameId();
              location.hash = shown !== null ? `#game=${shown}` : '';
            }
          },
          afterRender: () => boardKeys.refresh(),
        },
        analysisElementsOfPage(),
        address,
      );
    }
    await this.analysis.open(address);
    // On a phone "Analyse" is far below the board: the board is brought back into view.
    const board = document.querySelector<HTMLElement>('.board-column')!;
    const { top, bottom } = board.getBoundingClientRect();
    if (entering && (top < 0 || bottom > window.innerHeight)) board.scrollIntoView({ block: 'start' });
  }

  // Leaves the analysis board, if it is open; says whether it was.
  close(): boolean {
    if (!this.analysis) return false;
    this.analysis.close();
    this.analysis = null;
    this.game.engine.reset();
    return true;
  }

  // While it is open: the board's moves, the steps through the line and the drawing are its own.
  onUserMove(from: Key, to: Key): void {
    void this.analysis?.onUserMove(from, to);
  }

  step(step: Step): void {
    this.analysis?.step(step);
  }

  render(): void {
    this.analysis?.render();
  }

  renderStrips(): void {
    this.analysis?.renderStrips();
  }
}
