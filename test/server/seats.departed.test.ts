// A seat's departed name (HubState SeatState.departed): the person who left a seat is still
// named on the table once it is free ("Ana (left)" on a finished Hearts table; here a Hearts room waiting for its four), until someone
// takes the seat; a bot's seat names nobody when it goes.
import { expect } from "chai";
import { bootHub, seated, until, type TestHub } from "../helpers/hub.js";
import { freePort } from "../helpers/e2e.js";
import { readModel, seatName as cubestaccSeatName } from "../../client/games/cubestacc/model.js";
import { boardSeatName, emptyBoard, readSeats } from "../../client/games/minesweeper/model.js";

describe("seats: who left a seat is still named until someone takes it", function () {
  this.timeout(30_000);
  let hub: TestHub;

  before(async () => {
    hub = await bootHub(await freePort(), {});
  });
  after(() => hub?.shutdown());

  it("a person's seat keeps their name as departed; a newcomer clears it; a removed bot leaves none", async () => {
    const ann = await seated(hub.colyseus.sdk.create("hearts", { mode: "online", private: true, timer: 0, name: "Ann" }));
    const bo = await seated(hub.colyseus.sdk.joinById(ann.room.roomId, { name: "Bo" }));
    const seats = () => ann.room.state.seats as { name: string; occupied: boolean; departed: string; bot: boolean }[];
    await until(() => seats()[bo.seat]?.occupied || undefined, 5000, "Bo seated");
    expect(seats()[bo.seat].departed).to.equal("");

    await bo.room.leave();
    await until(() => (seats()[bo.seat].occupied ? undefined : true), 5000, "Bo's seat freed");
    expect(seats()[bo.seat]).to.include({ name: "", departed: "Bo" });

    const cy = await seated(hub.colyseus.sdk.joinById(ann.room.roomId, { name: "Cy" }));
    expect(cy.seat).to.equal(bo.seat);
    await until(() => (seats()[cy.seat].name === "Cy" ? true : undefined), 5000, "Cy seated");
    expect(seats()[cy.seat].departed, "taken again: nobody left it").to.equal("");

    await cy.room.leave();
    await until(() => (seats()[cy.seat].occupied ? undefined : true), 5000, "Cy's seat freed");
    ann.room.send("addBot", {});
    await until(() => (seats()[cy.seat].bot ? true : undefined), 5000, "a bot seated");
    expect(seats()[cy.seat].departed, "a bot took it").to.equal("");
    ann.room.send("removeBot", { seat: cy.seat });
    await until(() => (seats()[cy.seat].occupied ? undefined : true), 5000, "the bot removed");
    expect(seats()[cy.seat].departed, "a bot's seat names nobody").to.equal("");
    await ann.room.leave();
  });

  // The scenes with a model of their own name a departed seat the way the shell does ("Rex (left)").
  it("Cubestacc's table names who left a seat \"Rex (left)\", an open seat \"Seat N\"", async () => {
    const ann = await seated(hub.colyseus.sdk.create("cubestacc", { mode: "online", private: true, seats: 3, name: "Ann" }));
    const rex = await seated(hub.colyseus.sdk.joinById(ann.room.roomId, { name: "Rex" }));
    await until(() => ann.room.state.seats[rex.seat]?.occupied || undefined, 5000, "Rex seated");
    await rex.room.leave();
    await until(() => (ann.room.state.seats[rex.seat].occupied ? undefined : true), 5000, "Rex's seat freed");
    const m = readModel(ann.room.state, ann.seat);
    expect(cubestaccSeatName(m, rex.seat)).to.equal("Rex (left)");
    expect(cubestaccSeatName(m, ann.seat)).to.equal("Ann");
    expect(cubestaccSeatName(m, 2)).to.equal("Seat 3");
    await ann.room.leave();
  });

  it("Minesweeper co-op's board (cursors, toasts) names who left a seat \"Rex (left)\"", async () => {
    const ann = await seated(hub.colyseus.sdk.create("minesweeper", { mode: "coop", seats: 3, private: true, name: "Ann" }));
    const rex = await seated(hub.colyseus.sdk.joinById(ann.room.roomId, { name: "Rex" }));
    await until(() => ann.room.state.seats[rex.seat]?.occupied || undefined, 5000, "Rex seated");
    await rex.room.leave();
    await until(() => (ann.room.state.seats[rex.seat].occupied ? undefined : true), 5000, "Rex's seat freed");
    const m = emptyBoard();
    readSeats(m, ann.room.state);
    expect(boardSeatName(m, rex.seat), "cursors and toasts").to.equal("Rex (left)");
    expect(boardSeatName(m, 2)).to.equal("Seat 3");
    await ann.room.leave();
  });
});
