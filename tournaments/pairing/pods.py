from dataclasses import dataclass
@dataclass
class PodPairing: pass
def pair_pods(): pass
def pod_sizes(): pass
