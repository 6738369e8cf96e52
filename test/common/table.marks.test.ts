// The card-table replay's scrubber marks (client/games/table/marks.ts): one where each turn
// begins, none for events inside a turn or for the deal.
import { expect } from "chai";
import { turnMarks } from "../../client/games/table/marks.js";
import { act, started } from "./table.helpers.js";

describe("card table replay marks", () => {
  it("marks each new turn with its number and the active player, nothing else", () => {
    let g = started(2);
    const steps = [{ game: g }];
    const push = (actor: number, action: Parameters<typeof act>[2]) => steps.push({ game: (g = act(g, actor, action).game) });
    push(g.turn.active, { do: "draw", n: 1 });
    const first = g.turn.active;
    push(first, { do: "passTurn" });
    push(g.turn.active, { do: "draw", n: 1 });
    push(g.turn.active, { do: "passTurn" });
    const marks = turnMarks(steps);
    expect(marks.map((m) => m.at)).to.deep.equal([2, 4]);
    expect(marks[0].label).to.equal(`Turn ${steps[2].game.turn.number}: ${g.players[1 - first].name}`);
    expect(marks[1].label).to.match(new RegExp(`^Turn ${steps[4].game.turn.number}: `));
  });
});
