"""METW deck construction (003 Part I §2–3, Part II; the Council of Elrond's rules)."""
