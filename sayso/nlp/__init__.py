"""spaCy integration: the model loader and sayso's pipeline components.

Nothing here loads a model at import time; ``load_nlp`` does it once per process, on first use.
"""

from sayso.nlp.loader import load_nlp, model_name

__all__ = ["load_nlp", "model_name"]
