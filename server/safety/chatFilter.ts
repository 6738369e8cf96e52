// The chat filter and the name check, from a maintained library (`obscenity`: its English
// word list with its recommended transformers, which also catch "fuuuck", leetspeak and
// look-alike letters). A chat line keeps its words and has the matched ones starred; a
// profile name that matches is refused with words saying so.

import { RegExpMatcher, TextCensor, englishDataset, englishRecommendedTransformers, asteriskCensorStrategy, type MatchPayload } from "obscenity";

const matcher = new RegExpMatcher({ ...englishDataset.build(), ...englishRecommendedTransformers });
const censor = new TextCensor().setStrategy(asteriskCensorStrategy());

/**
 * Leetspeak reads digits as letters, so numbers matched ("455", "P155.2", "scored 455"): a match
 * counts only where digits are under half of what it covers ("sh1t", "a$$" still do).
 */
function wordsIn(text: string): MatchPayload[] {
  return matcher.getAllMatches(text, true).filter((m) => {
    const span = text.slice(m.startIndex, m.endIndex + 1);
    const digits = span.replace(/[^0-9]/g, "").length;
    return digits * 2 < span.length;
  });
}

/** The chat line with every matched word starred. */
export function filterChat(text: string): string {
  const matches = wordsIn(text);
  return matches.length === 0 ? text : censor.applyTo(text, matches);
}

/** Does the text hold a word the filter catches? (Names are refused, not starred.) */
export function isOffensive(text: string): boolean {
  return wordsIn(text).length > 0;
}

export const OFFENSIVE_NAME = "That name holds a word this hub does not allow in names. Choose another name.";
