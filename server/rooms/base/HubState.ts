// Schema fields every game's state starts with (docs/protocol.md "State").
// Only public data lives here: nothing hidden is ever put in a schema.

import { ArraySchema, Schema, type } from "@colyseus/schema";
// Every room state starts here: strings of 255 bytes must encode right before any is sent.
import "./schemaStrings.js";

export class SeatState extends Schema {
  @type("string") name = "";
  /** A player holds this seat (connected, reconnecting, or held for a seat-token rejoin). */
  @type("boolean") occupied = false;
  @type("boolean") connected = false;
  @type("boolean") ready = false;
  @type("boolean") bot = false;
  /**
   * The name of the person who last left this seat, so a table still names who played it once
   * the seat is free ("Ana (left)"); "" for a bot's seat, and once someone takes the seat.
   */
  @type("string") departed = "";
}

export class HubState extends Schema {
  @type("string") game = "";
  @type("string") mode = "";
  @type("string") phase = "";
  @type([SeatState]) seats = new ArraySchema<SeatState>();
  @type("uint8") maxSeats = 0;
  @type("uint16") spectators = 0;
  @type("boolean") private = false;
  /** Seat of the room's creator (passes to the lowest occupied seat when freed); −1 none. */
  @type("int8") owner = -1;
  /** Server clock (ms since epoch) at the last committed change. */
  @type("float64") serverTime = 0;
}
