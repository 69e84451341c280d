import { CITATION_STYLES, citationHtml, citationParts, citationText, type CitedPoem } from '../../../contracts/citation.js';
import { copyToClipboard } from '../lib/clipboard.js';

/**
 * The citations of a poem in each style, each with its Copy button once the script runs (`say`
 * given): the text itself is in the page as served, to select and copy by hand.
 */
export function CitePanel({ cited, level, say }: { cited: CitedPoem; level: 2 | 3; say: ((message: string) => void) | undefined }) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <>
      <Heading className="cite-title">Cite this poem</Heading>
      <dl className="cite-list">
        {CITATION_STYLES.map(({ style, label }) => (
          <div key={style} className="cite-entry">
            <dt>{label}</dt>
            <dd>
              <p className="citation" data-style={style}>
                {citationParts(style, cited).map((part, i) => (part.italic ? <i key={i}>{part.text}</i> : part.text))}
              </p>
              {say && (
                <button
                  type="button"
                  className="button button-outline button-small"
                  onClick={async () =>
                    say(
                      (await copyToClipboard(citationText(style, cited), citationHtml(style, cited)))
                        ? `${label} citation copied`
                        : 'Select the citation to copy it',
                    )
                  }
                >
                  Copy {label}
                </button>
              )}
            </dd>
          </div>
        ))}
      </dl>
    </>
  );
}
