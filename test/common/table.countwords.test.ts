// A decklist line without a count is answered with the line to write (issue 37, point 14): a
// count written as a word becomes the figure ("four Grizzly Bears" → "4 Grizzly Bears"), never
// "1 four Grizzly Bears".

import { expect } from "chai";
import { parseDecklist, withCount } from "../../common/table/index.js";

describe("card table: a line without a count", () => {
  it("suggests the count in figures when it was written as a word, else one copy", () => {
    const r = parseDecklist("four Grizzly Bears\nTwenty Mountain\nLightning Bolt");
    expect(r.ok).to.equal(false);
    const messages = r.ok ? [] : r.errors.map((e) => e.message);
    expect(messages[0]).to.contain('write it as "4 Grizzly Bears"').and.not.contain("1 four");
    expect(messages[1]).to.contain('write it as "20 Mountain"');
    expect(messages[2]).to.contain('write it as "1 Lightning Bolt"');
    expect(withCount("one Sol Ring")).to.equal("1 Sol Ring");
    expect(withCount("Fourteen")).to.equal("1 Fourteen", "a single word is a name");
  });
});
