// The chat filter and the name check, from a maintained library (`obscenity`: its English
// word list with its recommended transformers, which also catch "fuuuck", leetspeak and
// look-alike letters). A chat line keeps its words and has the matched ones starred; a
// profile name that matches is refused with words saying so.

import { RegExpMatcher, TextCensor, englishDataset, englishRecommendedTransformers, asteriskCensorStrategy } from "obscenity";

const matcher = new RegExpMatcher({ ...englishDataset.build(), ...englishRecommendedTransformers });
const censor = new TextCensor().setStrategy(asteriskCensorStrategy());

/** The chat line with every matched word starred. */
export function filterChat(text: string): string {
  const matches = matcher.getAllMatches(text, true);
  return matches.length === 0 ? text : censor.applyTo(text, matches);
}

/** Does the text hold a word the filter catches? (Names are refused, not starred.) */
export function isOffensive(text: string): boolean {
  return matcher.hasMatch(text);
}

export const OFFENSIVE_NAME = "That name holds a word this hub does not allow in names. Choose another name.";
