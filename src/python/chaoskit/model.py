"""chaoskit.Model: a model with its parameter set, built as a sweep job's [model] table builds it."""
from . import _chaoskit


def models():
    """The registered models: a list of dicts (name, summary, state, inputs, conventions, default_params)."""
    return _chaoskit._models()


def data_directory():
    """The folder of the shipped data chaoskit reads (params/, models/: the model files with events,
    e.g. data_directory() / "models" / "simplest_walker.toml"); CHAOSKIT_DATA overrides it."""
    from pathlib import Path
    return Path(_chaoskit._data_directory())


def param_sets():
    """Names of the shipped parameter sets (data/params/NAME.toml)."""
    return list(_chaoskit._param_sets())


class Model:
    """A model by name, with a parameter set (a shipped set's name or a TOML file's path; default:
    the model's own) and single parameter overrides, e.g. Model("golf", overrides={"m2": 0.4}).

    Raises ValueError for an unknown model, set or parameter, with chaoskit's message."""

    def __init__(self, name, params=None, overrides=None):
        if not isinstance(name, str):
            raise TypeError(f"name: expected a model name (str), got {type(name).__name__}")
        if params is not None and not isinstance(params, str):
            params = str(params)  # a pathlib.Path
        if overrides is not None and not isinstance(overrides, dict):
            raise TypeError(f"overrides: expected a dict of parameter = value, got {type(overrides).__name__}")
        self._m = _chaoskit._Model(name, params or "", dict(overrides or {}))

    name = property(lambda self: self._m.name, doc="the model's registered name")
    params = property(lambda self: self._m.params, doc="the parameter set's label (with overrides noted)")
    state_names = property(lambda self: list(self._m.state_names), doc="state components, in order")
    state_units = property(lambda self: list(self._m.state_units), doc="SI units of each state component")
    input_names = property(lambda self: list(self._m.input_names), doc="inputs (joint moments), empty if none")
    mechanical = property(lambda self: self._m.mechanical, doc="True for chains with a mass matrix (limb, golf, chain, a model file of model = \"mechanical\")")
    dim = property(lambda self: len(self._m.state_names), doc="number of state components")

    def job_table(self):
        """The [model] table of a sweep job for this model (name, params, overrides)."""
        return dict(self._m.job_table)

    def rhs(self, state, t=0.0, inputs=None):
        """dx/dt at `state` ((dim,) or (n, dim)); `inputs`: constant joint moments [N m], default 0."""
        return self._m.rhs(state, float(t), inputs)

    def energy(self, state):
        """Total energy [J] of each state (NaN for models without one)."""
        return self._m.energy(state)

    def inspect(self, state, torque=None):
        """Every instantaneous quantity at one state, as `chaoskit inspect --json` gives them:
        M, c, G, qdd, energies, power, endpoint kinematics, Schur inertia (mechanical models)."""
        return self._m.inspect(state, torque)

    def modes(self):
        """Small oscillations about q = 0: omega [rad/s], period [s], shapes, K, M0 (mechanical models)."""
        return self._m.modes()

    def __repr__(self):
        return f"chaoskit.Model({self.name!r}, params={self.params!r}, state={self.state_names})"
