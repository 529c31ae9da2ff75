// highlight.js's colours (GitHub's), a module of its own: text the server coloured needs only these,
// not the highlighter (ServerMarkdown imports this alone).
import 'highlight.js/styles/github.css';
