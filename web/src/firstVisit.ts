// The first visit (nothing in localStorage yet): one screen that says what the app is, with
// a way to learn EvoChess and a way to start playing the engine at once.
const VISITED_KEY = 'evochess.visited';

export function isFirstVisit(): boolean {
  try {
    return localStorage.length === 0 && localStorage.getItem(VISITED_KEY) === null;
  } catch {
    return false;
  }
}

function markVisited(): void {
  try {
    localStorage.setItem(VISITED_KEY, '1');
  } catch {
    // storage refused: the screen simply shows again next time
  }
}

// `dismiss`: Escape closes the screen (issue 49: it was ignored), and the page goes on as for a
// returning visitor.
export function showFirstVisit(actions: { learn: () => void; play: () => void; dismiss: () => void }): void {
  markVisited();
  const dialog = document.createElement('dialog');
  dialog.id = 'first-visit';
  dialog.className = 'first-visit';
  dialog.setAttribute('aria-labelledby', 'first-visit-title');
  const title = document.createElement('h2');
  title.id = 'first-visit-title';
  title.textContent = 'Welcome to evochess';
  const what = document.createElement('p');
  what.textContent =
    'Play chess variants in which promotion evolves: in EvoChess and EChess pawn moves and captures earn rights to turn pawns into knights or bishops and those into rooks; in Promote King Chess even the king promotes. Plain chess is here too.';
  const how = document.createElement('p');
  how.textContent =
    'Play the engine or a friend on this screen or online, save and replay your games. New here? Learn the rules on small boards first, or jump straight into a game against a gentle engine.';
  const buttons = document.createElement('div');
  buttons.className = 'controls';
  const learn = document.createElement('button');
  learn.type = 'button';
  learn.id = 'learn-button';
  learn.textContent = 'Learn EvoChess';
  const play = document.createElement('button');
  play.type = 'button';
  play.id = 'play-engine-button';
  play.className = 'secondary';
  play.textContent = 'Play the engine';
  buttons.append(learn, play);
  dialog.append(title, what, how, buttons);
  document.body.append(dialog);
  const finish = (action: () => void) => {
    dialog.close();
    dialog.remove();
    action();
  };
  learn.addEventListener('click', () => finish(actions.learn));
  play.addEventListener('click', () => finish(actions.play));
  dialog.addEventListener('cancel', (event) => {
    event.preventDefault();
    finish(actions.dismiss);
  });
  dialog.showModal();
}
