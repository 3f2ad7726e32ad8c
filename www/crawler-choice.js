/**
 * The known crawler the checker runs as, if any: a catalogued crawler's name, which the checks
 * send as `{ crawler }` so that its documented fallback chain picks the group instead of the
 * agent field's text.
 *
 * A choice holds only while the agent field keeps the text it had when the crawler was chosen:
 * typing another agent, loading an example or a link goes back to checking the field as typed.
 * It lives apart from the crawler panel (www/crawlers.js), which offers the choice, because the
 * page restores it and asks its first verdict before that panel is loaded.
 *
 *     const choice = new CrawlerChoice(agentInput);
 *     choice.choose('Googlebot-Image');
 *     engine.check(text, agentInput.value, url, { crawler: choice.name ?? undefined });
 */

export class CrawlerChoice {
  #agent;
  #name = null;
  #agentText = null;

  /** `agent`: the agent field whose text the choice is tied to. */
  constructor(agent) {
    this.#agent = agent;
  }

  /** The agent field. */
  get agent() {
    return this.#agent;
  }

  /** The chosen crawler's name, or null when the agent field is checked as typed. */
  get name() {
    if (this.#name !== null && this.#agent.value !== this.#agentText) this.choose(null);
    return this.#name;
  }

  /** Chooses crawler `name` (null or '': none) for the text the agent field holds now. */
  choose(name) {
    this.#name = typeof name === 'string' && name !== '' ? name : null;
    this.#agentText = this.#name === null ? null : this.#agent.value;
  }
}
