/* ompi_trim.h - Open MPI's components that no hardware here can use, left
 * out of a local run's launches (DESIGN 2) */
#ifndef PR_OMPI_TRIM_H
#define PR_OMPI_TRIM_H

#include <jansson.h>

/*
 * Open MPI's PSM (libpsm_infinipath) and PSM2 (libpsm2) libraries each
 * spend about 0.1 s in usleep loops as they load, and MPI_T_init_thread,
 * which prereg-rank calls in every launch, loads every component Open
 * MPI has whatever the MCA selection says, these through mca_mtl_psm,
 * mca_mtl_psm2 and libfabric's mca_mtl_ofi and mca_btl_ofi. Where no
 * hardware they drive is present (no /dev/hfi1_*, /dev/ipath*, /dev/cxi*,
 * nor any /sys/class/infiniband device), Open MPI selects none of the four
 * (the OFI MTL and BTL exclude libfabric's software providers by
 * default), and the launches leave them out through a component path of
 * links to every other component.
 */
typedef struct {
	char *env[2];	  /* {"OMPI_MCA_mca_base_component_path=DIR", NULL} */
	json_t *left_out; /* the components left out ("mtl_psm2", ...) */
} pr_ompi_trim;

/*
 * Fill t (zeroed) for a run whose scratch directory is work_dir: the links
 * in work_dir/ompi-components, when none of the hardware is here, the
 * environment does not set OMPI_MCA_mca_base_component_path already, and
 * `ompi_info --parsable --path pkglibdir` names Open MPI's component
 * directory, which holds one of the four. Otherwise t stays empty: the
 * launches keep every component. Never fails the run: a link that cannot
 * be made leaves t empty.
 */
void pr_ompi_trim_prepare(pr_ompi_trim *t, const char *work_dir);

/* Is any hardware the four components drive present under root ("" for
 * this machine; a test's directory otherwise)? */
int pr_ompi_trim_hardware(const char *root);

void pr_ompi_trim_free(pr_ompi_trim *t);

#endif
