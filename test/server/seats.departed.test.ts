// A seat's departed name (HubState SeatState.departed): the person who left a seat is still
// named on the table once it is free ("Ana (left)" on a finished Hearts table; here a Hearts room waiting for its four), until someone
// takes the seat; a bot's seat names nobody when it goes.
import { expect } from "chai";
import { bootHub, seated, until, type TestHub } from "../helpers/hub.js";
import { freePort } from "../helpers/e2e.js";

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
});
