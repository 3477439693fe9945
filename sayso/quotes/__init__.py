"""The extraction engine: quotation marks -> cues and attribution -> speakers.

Stages (each a spaCy component registered in ``sayso.nlp.factories``):

1. ``sayso_quote_marks`` (``marks.py``): scans the raw text for quotation marks of every style,
   joins multi-paragraph quotes, survives unbalanced marks. Pure text, no model.
2. ``sayso_attribution`` (the ``attribution/`` package, with the lexicon in ``cues.py``): finds
   cues in the parse, attaches direct quotes to cues and sources, finds indirect speech.
3. ``sayso_speakers`` (``speakers.py``, with the ``coref/`` package): resolves sources to
   canonical speakers (pronouns, short names, descriptions, anonymous sources) and freezes the
   result as ``Quote``/``Speaker``.

Shared by the stages: ``glyphs.py`` (the one definition of quotation marks, used by the rest of
sayso too), ``rules.py`` (every numeric threshold of stages 2 and 3, one frozen ``Rules`` that
the component config carries), ``types.py`` (what the stages hand each other on the ``Doc``).
``docs/engine.md`` walks through the layout.

The engine only annotates ``Doc``s; running it over articles is the business of the one door,
``sayso.pipeline.Extractor``.
"""
